export const RESPONSES_PATH = '/app/chatbot-management/responses';
