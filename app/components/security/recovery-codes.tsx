/**
 * Recovery codes, shown once right after they are made (only their hashes are kept): each
 * signs in once in place of the app's code.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section
      aria-labelledby="recovery-codes"
      className="space-y-3 rounded-md border border-primary/40 bg-primary/5 p-4"
    >
      <h3 id="recovery-codes" className="font-semibold">
        Your recovery codes
      </h3>
      <p className="text-sm">
        Keep them somewhere safe (a password manager, or printed). Each one works once if you lose your authenticator
        app. They will not be shown again.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  )
}
