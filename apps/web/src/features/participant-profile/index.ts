/**
 * The participant profile area's public face: what other features may use (checked by
 * `npm run lint:architecture`, docs/guides/linting.md). Everything else in this folder is private.
 */
export { editProfilePath, peoplePath, userProfilePath } from './paths';
export { EventHomeCards } from './EventHomeCards';
export { useOwnProfile } from './api';
/** For the directories (issue 13): a person opened from a directory shows their public profile. */
export { PublicProfileView } from './UserProfilePage';
export { ProfileAvatar } from './ProfileAvatar';
