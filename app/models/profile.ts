/** A practitioner is visible to clients once photo, bio and title are all there (spec §4). */
export function missingProfileParts(user: { profileImageUrl: string | null; bio: string | null; title: string | null }) {
  const missing: string[] = []
  if (!user.profileImageUrl?.trim()) missing.push('profile photo')
  if (!user.title?.trim()) missing.push('professional title')
  if (!user.bio?.trim()) missing.push('professional bio')
  return missing
}
