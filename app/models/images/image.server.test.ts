import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { uploadsDir } from '~/integrations/storage.server'
import { AppError } from '~/lib/errors'
import {
  containsMarkup,
  createUser,
  exifHasGps,
  gifHeaderHtmlPage,
  gifHtmlPolyglot,
  greyPng,
  imageFile,
  insertService,
  jpegHtmlPolyglot,
  jpegWithGps,
  noisyPng,
  recordStoredBytes,
  solidImage,
  storedImageFile,
  storedImageRow,
  updateUserRow,
} from '../../../tests/helpers'
import {
  IMAGE_STORAGE_FULL,
  IMAGE_STORAGE_PER_ACCOUNT,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  NOT_AN_IMAGE,
  NOT_REALLY_AN_IMAGE,
} from './image'
import { discardImage, readServedImage, storedImageBytes, storeImage } from './image.server'

/** Decoding, re-encoding and the per-account storage ledger (docs/decisions/017-images.md). */

async function owner() {
  return (await createUser({ isPractitioner: true })).id
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  const { message, status, field } = error as AppError
  return { message, status, field }
}

function imageFilesOnDisk() {
  const dir = path.join(uploadsDir(), 'images')
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.endsWith('.partial')) : []
}

describe('what is stored is a decoded, re-encoded copy', () => {
  test('a normal picture round-trips: a WebP of the same size and colour, served at every width', async () => {
    const url = await storeImage(imageFile(await solidImage(64, 48, 'png', '#2e8b57')), { ownerId: await owner() })
    expect(url).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.webp$/)
    const stored = storedImageFile(url)
    const { width, height, format } = await sharp(stored).metadata()
    expect({ width, height, format }).toEqual({ width: 64, height: 48, format: 'webp' })
    const { channels } = await sharp(stored).stats()
    const [r, g, b] = channels.map((c) => Math.round(c.mean))
    // #2e8b57 = (46, 139, 87); lossy, so within a few levels.
    expect(Math.abs(r! - 46) + Math.abs(g! - 139) + Math.abs(b! - 87)).toBeLessThan(12)
    expect(storedImageRow(url)?.bytes).toBe(stored.byteLength)

    const name = url.replace('/uploads/images/', '')
    const original = await readServedImage(name)
    expect(original?.type).toBe('image/webp')
    expect(Buffer.from(original!.bytes).equals(stored)).toBe(true)
    for (const width of [96, 320] as const) {
      const copy = await readServedImage(name, width)
      expect(copy?.type).toBe('image/webp')
      // Never enlarged: a 64 px picture stays 64 px at every width.
      expect((await sharp(Buffer.from(copy!.bytes)).metadata()).width).toBe(64)
    }
  })

  test.each([
    ['a GIF/HTML polyglot', gifHtmlPolyglot, 'gif'],
    ['a JPEG/HTML polyglot', jpegHtmlPolyglot, 'jpeg'],
  ])('%s is stored re-encoded: no markup in what is kept or served', async (_, make, format) => {
    const bytes = await make()
    expect(containsMarkup(bytes)).toBe(true)
    // The polyglot really is a picture, so it decodes and is kept, as pixels only.
    expect((await sharp(Buffer.from(bytes)).metadata()).format).toBe(format)
    const url = await storeImage(imageFile(bytes, `x.${format}`, `image/${format}`), { ownerId: await owner() })
    expect(containsMarkup(storedImageFile(url))).toBe(false)
    const name = url.replace('/uploads/images/', '')
    for (const width of [undefined, 96, 1280] as const) {
      const served = await readServedImage(name, width)
      expect(served?.type).toBe('image/webp')
      expect(containsMarkup(served!.bytes)).toBe(false)
    }
  })

  test('a file that starts like a GIF and is an HTML page is refused, and nothing is stored', async () => {
    const ownerId = await owner()
    const before = imageFilesOnDisk().length
    expect(await refusal(storeImage(imageFile(gifHeaderHtmlPage(), 'x.gif'), { ownerId }))).toEqual({
      message: IMAGE_UNREADABLE,
      status: 400,
      field: 'profilePictureFile',
    })
    expect(imageFilesOnDisk()).toHaveLength(before)
    expect(storedImageBytes(ownerId)).toBe(0)
  })

  test('a truncated JPEG is refused rather than stored half grey', async () => {
    const jpeg = await jpegWithGps({ width: 400, height: 300 })
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.7))
    expect((await refusal(storeImage(imageFile(cut, 'x.jpg'), { ownerId: await owner() }))).message).toBe(
      IMAGE_UNREADABLE,
    )
  })

  test('text named .png is not an image, and the refusal says it is not really one', async () => {
    const text = new TextEncoder().encode('just some text')
    expect(await refusal(storeImage(imageFile(text), { ownerId: await owner(), field: 'imageFile' }))).toMatchObject({
      message: NOT_REALLY_AN_IMAGE,
      status: 400,
      field: 'imageFile',
    })
    // A file that never claimed to be a picture gets the spec's 'Please select an image file'.
    const plain = imageFile(text, 'notes.txt', 'text/plain')
    expect(await refusal(storeImage(plain, { ownerId: await owner() }))).toMatchObject({ message: NOT_AN_IMAGE })
  })

  test('a 12000 × 12000 PNG (450 KB) is refused from its header, before any pixel is decoded', async () => {
    const bomb = await greyPng(12000, 12000)
    expect(bomb.byteLength).toBeLessThan(1024 * 1024)
    const ownerId = await owner()
    const started = performance.now()
    const answer = await refusal(storeImage(imageFile(bomb), { ownerId }))
    // Decoding 144 million pixels takes seconds and hundreds of MB; reading a header, a few ms.
    expect(performance.now() - started).toBeLessThan(1000)
    expect(answer).toEqual({ message: IMAGE_TOO_MANY_PIXELS, status: 413, field: 'profilePictureFile' })
    expect(storedImageBytes(ownerId)).toBe(0)
  })

  test.each([
    ['a side over 8000 px', 8001, 16],
    ['over 40 megapixels', 6400, 6400],
  ])('%s is refused; 8000 px on a side within 40 megapixels is taken', async (_, width, height) => {
    const ownerId = await owner()
    expect((await refusal(storeImage(imageFile(await greyPng(width, height)), { ownerId }))).message).toBe(
      IMAGE_TOO_MANY_PIXELS,
    )
    const url = await storeImage(imageFile(await greyPng(8000, 16)), { ownerId })
    // Stored scaled down to 2048 px on its long side.
    expect((await sharp(storedImageFile(url)).metadata()).width).toBe(2048)
  })

  test('a large photo is stored at most 2048 px on its long side', async () => {
    const url = await storeImage(imageFile(await solidImage(3000, 1500, 'jpeg'), 'big.jpg'), {
      ownerId: await owner(),
    })
    const { width, height } = await sharp(storedImageFile(url)).metadata()
    expect({ width, height }).toEqual({ width: 2048, height: 1024 })
  })

  test('a photo with EXIF and a GPS position is stored without them, turned upright first', async () => {
    // Orientation 6: the camera was held sideways; the picture shows upright once turned.
    const photo = await jpegWithGps({ width: 60, height: 40, orientation: 6 })
    const sent = await sharp(Buffer.from(photo)).metadata()
    expect(exifHasGps(sent.exif)).toBe(true)
    expect(sent.orientation).toBe(6)
    expect(Buffer.from(photo).includes('SolaceTestCam')).toBe(true)

    const url = await storeImage(imageFile(photo, 'me.jpg', 'image/jpeg'), { ownerId: await owner() })
    const stored = storedImageFile(url)
    const kept = await sharp(stored).metadata()
    expect(kept.exif).toBeUndefined()
    expect(kept.xmp).toBeUndefined()
    expect(kept.orientation).toBeUndefined()
    expect(stored.includes('SolaceTestCam')).toBe(false)
    expect(stored.includes('Exif')).toBe(false)
    expect({ width: kept.width, height: kept.height }).toEqual({ width: 40, height: 60 })
  })
})

describe('the per-account storage cap', () => {
  test('an account at its cap is refused before its upload is even decoded; another account is not', async () => {
    const full = await owner()
    recordStoredBytes(full, IMAGE_STORAGE_PER_ACCOUNT)
    // Garbage bytes: the storage refusal comes first, so no decoding work is spent.
    const garbage = imageFile(new TextEncoder().encode('not even a picture'))
    expect(await refusal(storeImage(garbage, { ownerId: full, field: 'imageFile' }))).toEqual({
      message: IMAGE_STORAGE_FULL,
      status: 413,
      field: 'imageFile',
    })
    expect(await refusal(storeImage(imageFile(await solidImage(8, 8)), { ownerId: full }))).toMatchObject({
      message: IMAGE_STORAGE_FULL,
    })
    expect(storedImageBytes(full)).toBe(IMAGE_STORAGE_PER_ACCOUNT)
    await expect(storeImage(imageFile(await solidImage(8, 8)), { ownerId: await owner() })).resolves.toMatch(/\.webp$/)
  })

  test('a picture that would pass the cap is refused; one that fits is taken, to the byte', async () => {
    const probe = await storeImage(imageFile(await noisyPng(200, 200)), { ownerId: await owner() })
    const size = storedImageRow(probe)!.bytes
    const ownerId = await owner()
    recordStoredBytes(ownerId, IMAGE_STORAGE_PER_ACCOUNT - size + 1)
    const files = imageFilesOnDisk().length
    expect((await refusal(storeImage(imageFile(await noisyPng(200, 200)), { ownerId }))).message).toBe(
      IMAGE_STORAGE_FULL,
    )
    expect(imageFilesOnDisk()).toHaveLength(files)

    const exact = await owner()
    recordStoredBytes(exact, IMAGE_STORAGE_PER_ACCOUNT - size)
    await storeImage(imageFile(await noisyPng(200, 200)), { ownerId: exact })
    expect(storedImageBytes(exact)).toBe(IMAGE_STORAGE_PER_ACCOUNT)
  })

  test('two uploads at once with room for one: exactly one is stored', async () => {
    const probe = await storeImage(imageFile(await noisyPng(200, 200)), { ownerId: await owner() })
    const size = storedImageRow(probe)!.bytes
    const ownerId = await owner()
    recordStoredBytes(ownerId, IMAGE_STORAGE_PER_ACCOUNT - Math.floor(size * 1.5))
    const picture = await noisyPng(200, 200)
    const results = await Promise.allSettled([
      storeImage(imageFile(picture), { ownerId }),
      storeImage(imageFile(picture), { ownerId }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((r) => r.status === 'rejected')
    expect((rejected?.reason as AppError).message).toBe(IMAGE_STORAGE_FULL)
    expect(storedImageBytes(ownerId)).toBe(IMAGE_STORAGE_PER_ACCOUNT - Math.floor(size * 1.5) + size)
  })

  test('discarding a picture gives its bytes back, and its file and copies go', async () => {
    const ownerId = await owner()
    const url = await storeImage(imageFile(await noisyPng(120, 90)), { ownerId })
    const name = url.replace('/uploads/images/', '')
    await readServedImage(name, 96)
    expect(storedImageBytes(ownerId)).toBeGreaterThan(0)
    await discardImage(url)
    expect(storedImageBytes(ownerId)).toBe(0)
    expect(storedImageRow(url)).toBeUndefined()
    expect(fs.existsSync(path.join(uploadsDir(), 'images', name))).toBe(false)
    expect(fs.existsSync(path.join(uploadsDir(), 'images-w96', name))).toBe(false)
  })

  test('a replacement at the cap counts the picture it replaces as freed (only one of its own)', async () => {
    const ownerId = await owner()
    const current = await storeImage(imageFile(await noisyPng(200, 200, 1)), { ownerId })
    const size = storedImageRow(current)!.bytes
    recordStoredBytes(ownerId, IMAGE_STORAGE_PER_ACCOUNT - size)
    const next = async () => imageFile(await noisyPng(200, 200, 1))
    // Without saying what it replaces, the new picture would pass the cap.
    expect((await refusal(storeImage(await next(), { ownerId }))).message).toBe(IMAGE_STORAGE_FULL)
    // Someone else's picture frees nothing.
    const other = await storeImage(imageFile(await noisyPng(200, 200, 1)), { ownerId: await owner() })
    expect((await refusal(storeImage(await next(), { ownerId, replaces: other }))).message).toBe(IMAGE_STORAGE_FULL)
    const replacement = await storeImage(await next(), { ownerId, replaces: current })
    await discardImage(current)
    expect(storedImageBytes(ownerId)).toBe(IMAGE_STORAGE_PER_ACCOUNT - size + storedImageRow(replacement)!.bytes)
  })

  test('pictures no row has pointed at for an hour are reclaimed when the cap would refuse', async () => {
    const ownerId = await owner()
    // Left behind by a save that failed or raced: old, and neither profile nor service shows it.
    const orphan = recordStoredBytes(ownerId, IMAGE_STORAGE_PER_ACCOUNT, 2 * 60 * 60 * 1000)
    const url = await storeImage(imageFile(await solidImage(8, 8)), { ownerId })
    expect(storedImageRow(orphan)).toBeUndefined()
    expect(storedImageBytes(ownerId)).toBe(storedImageRow(url)!.bytes)

    // A recent one may still be on its way to its row: it is kept, and counted.
    const recent = await owner()
    const pending = recordStoredBytes(recent, IMAGE_STORAGE_PER_ACCOUNT, 5 * 60 * 1000)
    expect((await refusal(storeImage(imageFile(await solidImage(8, 8)), { ownerId: recent }))).message).toBe(
      IMAGE_STORAGE_FULL,
    )
    expect(storedImageRow(pending)).toBeDefined()

    // An old one the profile or a service shows is in use: kept, and counted.
    const shown = await owner()
    const photo = recordStoredBytes(shown, IMAGE_STORAGE_PER_ACCOUNT / 2, 2 * 60 * 60 * 1000)
    const servicePicture = recordStoredBytes(shown, IMAGE_STORAGE_PER_ACCOUNT / 2, 2 * 60 * 60 * 1000)
    updateUserRow(shown, { profileImageUrl: photo })
    insertService(shown, { imageUrl: servicePicture })
    expect((await refusal(storeImage(imageFile(await solidImage(8, 8)), { ownerId: shown }))).message).toBe(
      IMAGE_STORAGE_FULL,
    )
    expect(storedImageBytes(shown)).toBe(IMAGE_STORAGE_PER_ACCOUNT)
  })
})
