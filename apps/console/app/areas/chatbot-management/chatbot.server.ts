export { RESPONSES_PATH, UNANSWERED_PATH } from './responses-views';
