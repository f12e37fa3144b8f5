export const RESPONSES_PATH = '/app/chatbot-management/responses';

/** The unanswered questions, a tab of the responses screen. */
export const UNANSWERED_PATH = `${RESPONSES_PATH}?view=unanswered`;

/** The tabs of the responses screen, each its own address (`?view=`), so they work without JavaScript. */
export const RESPONSES_VIEWS = ['bank', 'unanswered', 'try'] as const;
export type ResponsesView = (typeof RESPONSES_VIEWS)[number];

/** The tab an address asks for; the answer bank when it names none (or a message to try names "try"). */
export function responsesViewOf(params: URLSearchParams): ResponsesView {
  const view = params.get('view');
  if (view === 'unanswered' || view === 'try') return view;
  return params.has('try') ? 'try' : 'bank';
}
