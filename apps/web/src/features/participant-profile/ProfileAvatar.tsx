import { Avatar, type AvatarProps } from '@mantine/core';

/** 'Amara Okafor' → 'AO' (at most two letters). */
export function initialsOf(firstName: string, lastName: string): string {
  return [firstName, lastName].map((part) => part.trim()[0]?.toUpperCase() ?? '').join('');
}

interface ProfileAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  /** Text alternative of the photo; '' when the name is written next to it. */
  alt: string;
}

/** A participant's photo, or their initials on the brand colour when there is none. */
export function ProfileAvatar({ firstName, lastName, photoUrl, alt, ...rest }: ProfileAvatarProps) {
  return (
    <Avatar src={photoUrl} alt={alt} color="brand" variant="filled" {...rest}>
      {initialsOf(firstName, lastName) || undefined}
    </Avatar>
  );
}
