import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { ChartFigure, exportLink, KpiTiles, RangeForm, WeeklyEmailForm } from './ReportParts';
import { chatbotPage, rendered, saveWeeklyEmail, weeklyEmailOf } from './reports.server';
import '../../features/resources/resources.css';
import './analytics.css';

export const meta: MetaFunction = () => [{ title: `Chatbot report · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, weekly] = await Promise.all([chatbotPage(request), weeklyEmailOf(request, 'chatbot')]);
  return { ...page, charts: rendered(page.charts), weekly };
}

export async function action({ request }: ActionFunctionArgs) {
  return saveWeeklyEmail(request, 'chatbot');
}

/** How the bot did: conversations, answered and unanswered questions, unused responses, subscribers, broadcasts — against the previous period. */
export default function ChatbotReportRoute() {
  const { range, kpis, charts, weekly } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const failed = useActionData<typeof action>();
  return (
    <>
      <h1 className="cas-page-title">Chatbot</h1>
      <RangeForm range={range} />
      <KpiTiles kpis={kpis} />
      <WeeklyEmailForm recipients={weekly.recipients} candidates={weekly.candidates} error={failed?.notice.description} />
      <p className="cas-report-note">
        A question is answered when a response matched it, unanswered when the bot gave its fallback answer.
      </p>
      <p className="cas-report-note">
        A broadcast counts in the period its sending began; its skipped deliveries had no address on the channel, and
        those opted out were not sent because the recipient had unsubscribed.
      </p>
      {charts.map((chart) => (
        <ChartFigure key={chart.id} chart={chart} exportHref={exportLink('chatbot', chart.id, search, range)} />
      ))}
    </>
  );
}

export const ErrorBoundary = RouteError;
