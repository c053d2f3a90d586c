/**
 * The participant's live engagement (polls, surveys, quizzes, Q&A, documents on a session's page):
 * what other features may use. Everything else in this folder is private.
 */
export { SessionLiveTools } from './SessionLiveTools';
