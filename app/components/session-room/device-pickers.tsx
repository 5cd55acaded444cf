import { useId } from 'react'
import { Label, Select } from '~/components/ui/input'
import { useRoomText } from './use-room-text'

/**
 * The camera and microphone to use: a laptop with a headset or an external camera has several.
 * The lists come from `enumerateDevices()` once the person has allowed the camera (before that
 * the browser hides the devices' names); choosing one restarts the preview with it.
 */
export function DevicePickers({
  cameras,
  microphones,
  cameraId,
  microphoneId,
  onChoose,
}: {
  cameras: MediaDeviceInfo[]
  microphones: MediaDeviceInfo[]
  cameraId: string
  microphoneId: string
  onChoose: (choice: { cameraId: string; microphoneId: string }) => void
}) {
  const id = useId()
  const { t } = useRoomText()
  const pickers = [
    {
      key: 'camera',
      label: t('camera'),
      devices: cameras,
      value: cameraId,
      choose: (value: string) => onChoose({ cameraId: value, microphoneId }),
    },
    {
      key: 'microphone',
      label: t('microphone'),
      devices: microphones,
      value: microphoneId,
      choose: (value: string) => onChoose({ cameraId, microphoneId: value }),
    },
  ].filter((picker) => picker.devices.length > 0)
  if (pickers.length === 0) return null

  return (
    <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-1">
      {pickers.map((picker) => (
        <div key={picker.key} className="space-y-1.5">
          <Label htmlFor={`${id}-${picker.key}`}>{picker.label}</Label>
          <Select
            id={`${id}-${picker.key}`}
            value={picker.value}
            onChange={(event) => picker.choose(event.target.value)}
          >
            {/* The device in use may be one the list has not caught up with (just plugged in). */}
            {picker.devices.some((device) => device.deviceId === picker.value) ? null : <option value={picker.value} />}
            {picker.devices.map((device) => (
              <option key={device.deviceId} value={device.deviceId}>
                {device.label}
              </option>
            ))}
          </Select>
        </div>
      ))}
    </div>
  )
}
