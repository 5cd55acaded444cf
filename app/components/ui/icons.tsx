import { cn } from '~/lib/cn'

/*
 * The app's icons: inline SVG line drawings on a 24 px grid, stroked in the text's colour, as
 * the rest of the app draws its icons (the header's logo, the footer's links, the inbox badge).
 * Never an emoji: a machine without an emoji font draws those as empty boxes, and a screen
 * reader reads them by their Unicode names. `icons.test.ts` keeps emoji out of the app.
 */

export type IconProps = {
  className?: string
  /** What the icon says on its own, for a screen reader; left out when text beside it says it. */
  label?: string
}

/** An icon drawn from its path data (each string one `<path d>`). */
export function Icon({ paths, className, label }: IconProps & { paths: string[] }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('size-5 shrink-0', className)}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}

/** A closed padlock: something only its owner sees (a private note). */
export function LockIcon(props: IconProps) {
  return <Icon {...props} paths={['M5.5 11h13v9.5h-13Z', 'M8 11V8a4 4 0 0 1 8 0v3', 'M12 15v2']} />
}
