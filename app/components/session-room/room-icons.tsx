import { Icon, type IconProps } from '~/components/ui/icons'

/*
 * The room's icons, drawn as the app's others are (components/ui/icons.tsx: line drawings on a
 * 24 px grid, never emoji). Each sits beside words that say the same, so they are hidden from
 * screen readers unless given a `label`.
 */

const MIC = ['M9 5a3 3 0 0 1 6 0v6a3 3 0 0 1-6 0Z', 'M5.5 11a6.5 6.5 0 0 0 13 0', 'M12 17.5V21']
const CAMERA = ['M3.5 7.5h11v9h-11Z', 'M14.5 10.5l6-3.5v10l-6-3.5']
const SLASH = 'M4 3.5l16 17'

export function MicIcon(props: IconProps) {
  return <Icon {...props} paths={MIC} />
}

export function MicOffIcon(props: IconProps) {
  return <Icon {...props} paths={[...MIC, SLASH]} />
}

export function CameraIcon(props: IconProps) {
  return <Icon {...props} paths={CAMERA} />
}

export function CameraOffIcon(props: IconProps) {
  return <Icon {...props} paths={[...CAMERA, SLASH]} />
}

/** A telephone handset laid down: leaving the call. */
export function HangUpIcon(props: IconProps) {
  return <Icon {...props} paths={['M3 14.5c5-4.7 13-4.7 18 0l-2.3 2.6-3.4-1.6v-2.3a11 11 0 0 0-6.6 0v2.3l-3.4 1.6Z']} />
}

/** A square: stopping the session for both. */
export function StopIcon(props: IconProps) {
  return <Icon {...props} paths={['M6.5 6.5h11v11h-11Z']} />
}

/** A left arrow: the way back. */
export function BackIcon(props: IconProps) {
  return <Icon {...props} paths={['M19 12H5', 'M11 6l-6 6 6 6']} />
}

/** A clock face: when the session is, and when its room opens. */
export function ClockIcon(props: IconProps) {
  return <Icon {...props} paths={['M12 3.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17Z', 'M12 7.5V12l3 2']} />
}

/** Signal bars, as many drawn strong as the quality is good (1 to 3). */
export function SignalIcon({ bars, ...props }: IconProps & { bars: 1 | 2 | 3 }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={props.className ?? 'size-4 shrink-0'}
      {...(props.label ? { role: 'img', 'aria-label': props.label } : { 'aria-hidden': true })}
    >
      {[
        [4, 15, 4],
        [10, 10, 9],
        [16, 5, 14],
      ].map(([x, y, height], index) => (
        <rect
          key={x}
          x={x}
          y={y}
          width="4"
          height={height}
          rx="1"
          fill="currentColor"
          opacity={index < bars ? 1 : 0.25}
        />
      ))}
    </svg>
  )
}
