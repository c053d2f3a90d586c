/** The console card for an event's automatic reminders (issue 14, push and inbox part). */
export { ReminderSettingsCard } from './ReminderSettingsCard';
