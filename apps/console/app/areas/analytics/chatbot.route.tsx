import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { ChartFigure, exportLink, KpiTiles, RangeForm } from './ReportParts';
import { chatbotPage, rendered } from './reports.server';
import '../../features/resources/resources.css';
import './analytics.css';

export const meta: MetaFunction = () => [{ title: `Chatbot report · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await chatbotPage(request);
  return { ...page, charts: rendered(page.charts) };
}

/** How the bot did: conversations, answered and unanswered questions, unused responses, subscribers — against the previous period. */
export default function ChatbotReportRoute() {
  const { range, kpis, charts } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <>
      <h1 className="cas-page-title">Chatbot</h1>
      <RangeForm range={range} />
      <KpiTiles kpis={kpis} />
      <p className="cas-report-note">
        A question is answered when a response matched it, unanswered when the bot gave its fallback answer.
      </p>
      <p className="cas-report-note">Broadcasts: not recorded yet, so there are no delivered, failed, skipped or opted-out counts.</p>
      {charts.map((chart) => (
        <ChartFigure key={chart.id} chart={chart} exportHref={exportLink('chatbot', chart.id, search)} />
      ))}
    </>
  );
}

export const ErrorBoundary = RouteError;
