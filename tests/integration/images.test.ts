import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { beforeEach, describe, expect, test } from 'vitest'
import { uploadsDir } from '~/integrations/storage.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { getUserById } from '~/models/accounts/user.server'
import { IMAGE_STORAGE_FULL, IMAGE_STORAGE_PER_ACCOUNT, IMAGE_TOO_MANY_PIXELS } from '~/models/images/image'
import { storedImageBytes, storeImage } from '~/models/images/image.server'
import * as deleteAccountApi from '~/routes/api.auth.delete-account'
import * as profileApi from '~/routes/api.practitioners.profile'
import * as serviceByIdApi from '~/routes/api.services.$id'
import * as servicesApi from '~/routes/api.services._index'
import * as uploadedImage from '~/routes/uploads.images.$name'
import {
  HTML_PAYLOAD,
  callApi,
  containsMarkup,
  createListedPractitioner,
  getRequest,
  greyPng,
  imageFile,
  jpegHtmlPolyglot,
  jpegWithGps,
  noisyPng,
  recordStoredBytes,
  routeArgs,
  settle,
  signIn,
  solidImage,
  storedImageRow,
  updateUserRow,
  jsonRequest,
} from '../helpers'

/**
 * Uploaded pictures through the real routes (docs/decisions/017-images.md): what the API takes
 * is stored re-encoded and served without the bytes as sent; the pixel cap and the
 * per-account storage cap answer with their messages.
 */

beforeEach(() => resetAllLimits())

const dataUrl = (bytes: Uint8Array, type = 'image/png') =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`

async function practitioner() {
  const user = await createListedPractitioner({ profileImageUrl: null })
  updateUserRow(user.id, { stripeAccountId: `acct_${user.id}_${Date.now()}` })
  return { user, cookie: await signIn(user.id) }
}

const service = (imageUrl: string | null) => ({
  name: 'Morning Flow Yoga',
  description: 'A gentle hour of yoga to start the day.',
  category: 'Yoga',
  price: 49.99,
  duration: 60,
  details: ['Bring a mat'],
  meetingLink: 'https://meet.example.com/flow',
  imageUrl,
})

function createService(cookie: string, imageUrl: string | null) {
  return callApi(servicesApi.action, jsonRequest('/api/services', 'POST', service(imageUrl), { cookie }))
}

function updateService(cookie: string, id: number, imageUrl: string | null) {
  return callApi(serviceByIdApi.action, jsonRequest(`/api/services/${id}`, 'PATCH', service(imageUrl), { cookie }), {
    id: String(id),
  })
}

function deleteService(cookie: string, id: number) {
  return callApi(serviceByIdApi.action, jsonRequest(`/api/services/${id}`, 'DELETE', undefined, { cookie }), {
    id: String(id),
  })
}

function patchProfile(cookie: string, profileImageUrl: string | null) {
  return callApi(
    profileApi.action,
    jsonRequest(
      '/api/practitioners/profile',
      'PATCH',
      { firstName: 'Avery', lastName: 'Stone', title: 'Coach', bio: 'Hello.', profileImageUrl },
      { cookie },
    ),
  )
}

async function serve(url: string) {
  const [pathname, search] = url.split('?')
  const name = pathname!.replace('/uploads/images/', '')
  return (await settle(() =>
    uploadedImage.loader(routeArgs(getRequest(search ? `${pathname}?${search}` : pathname!), { name })),
  )) as Response
}

describe('served pictures are never the bytes as sent', () => {
  test('a JPEG/HTML polyglot posted to /api/services is served as a clean WebP at every width', async () => {
    const { cookie } = await practitioner()
    const created = await createService(cookie, dataUrl(await jpegHtmlPolyglot(), 'image/jpeg'))
    expect(created.status).toBe(201)
    const url = created.body.imageUrl as string
    expect(url).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.webp$/)
    for (const suffix of ['', '?w=96', '?w=1280']) {
      const served = await serve(`${url}${suffix}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('Content-Type')).toBe('image/webp')
      expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(containsMarkup(new Uint8Array(await served.arrayBuffer()))).toBe(false)
    }
  })

  test('a GPS-tagged photo set as the profile picture is served without its EXIF', async () => {
    const { cookie } = await practitioner()
    const saved = await patchProfile(cookie, dataUrl(await jpegWithGps(), 'image/jpeg'))
    expect(saved.status).toBe(200)
    const served = await serve(saved.body.user.profileImageUrl as string)
    const bytes = Buffer.from(await served.arrayBuffer())
    expect((await sharp(bytes).metadata()).exif).toBeUndefined()
    expect(bytes.includes('SolaceTestCam')).toBe(false)
  })

  test('a picture stored as sent before re-encoding existed is served only as a re-encoded copy', async () => {
    // A PNG carrying a page in a text chunk, written straight to storage with no ledger row,
    // as uploads were kept before decision 017.
    const legacy = Buffer.from(await solidImage(32, 32))
    const chunk = Buffer.from(`tEXtComment\0${HTML_PAYLOAD}`, 'latin1')
    const length = Buffer.alloc(4)
    length.writeUInt32BE(chunk.length - 4)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(chunk))
    // After the signature (8 bytes) and the IHDR chunk (25).
    const polyglot = Buffer.concat([legacy.subarray(0, 33), length, chunk, crc, legacy.subarray(33)])
    const name = `${randomUUID()}.png`
    fs.mkdirSync(path.join(uploadsDir(), 'images'), { recursive: true })
    fs.writeFileSync(path.join(uploadsDir(), 'images', name), polyglot)
    expect(containsMarkup(polyglot)).toBe(true)

    const served = await serve(`/uploads/images/${name}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/webp')
    const bytes = new Uint8Array(await served.arrayBuffer())
    expect(containsMarkup(bytes)).toBe(false)
    expect((await sharp(Buffer.from(bytes)).metadata()).width).toBe(32)
  })
})

describe('refusals through the API', () => {
  test('a 12000 × 12000 PNG as a profile picture answers 413 with the pixel cap, and nothing changes', async () => {
    const { user, cookie } = await practitioner()
    const answer = await patchProfile(cookie, dataUrl(await greyPng(12000, 12000)))
    expect(answer).toMatchObject({ status: 413, body: { message: IMAGE_TOO_MANY_PIXELS } })
    expect(getUserById(user.id)?.profileImageUrl).toBeNull()
    expect(storedImageBytes(user.id)).toBe(0)
  })

  test('an account at its storage cap is refused a new service picture (413) and no service is made', async () => {
    const { user, cookie } = await practitioner()
    recordStoredBytes(user.id, IMAGE_STORAGE_PER_ACCOUNT)
    const answer = await createService(cookie, dataUrl(await solidImage(16, 16)))
    expect(answer).toMatchObject({ status: 413, body: { message: IMAGE_STORAGE_FULL } })
    const mine = await callApi(servicesApi.loader, getRequest('/api/services?scope=mine', { cookie }))
    expect(mine.body).toEqual([])
  })
})

describe('the storage count follows every replace and removal', () => {
  test('replacing a service picture frees the old bytes; deleting the service frees the rest', async () => {
    const { user, cookie } = await practitioner()
    const created = await createService(cookie, dataUrl(await noisyPng(300, 200, 1)))
    const first = created.body.imageUrl as string
    const firstBytes = storedImageRow(first)!.bytes
    expect(storedImageBytes(user.id)).toBe(firstBytes)

    const updated = await updateService(cookie, created.body.id as number, dataUrl(await noisyPng(150, 100, 2)))
    expect(updated.status).toBe(200)
    const second = updated.body.imageUrl as string
    expect(storedImageRow(first)).toBeUndefined()
    expect((await serve(first)).status).toBe(404)
    expect(storedImageBytes(user.id)).toBe(storedImageRow(second)!.bytes)

    // At the cap, the same picture again still fits: the one it replaces is counted as freed.
    recordStoredBytes(user.id, IMAGE_STORAGE_PER_ACCOUNT - storedImageBytes(user.id))
    const swapped = await updateService(cookie, created.body.id as number, dataUrl(await noisyPng(150, 100, 2)))
    expect(swapped.status).toBe(200)
    expect(storedImageRow(second)).toBeUndefined()
    expect(storedImageBytes(user.id)).toBe(IMAGE_STORAGE_PER_ACCOUNT)
    const third = swapped.body.imageUrl as string
    const thirdBytes = storedImageRow(third)!.bytes

    expect((await deleteService(cookie, created.body.id as number)).status).toBe(200)
    expect(storedImageRow(third)).toBeUndefined()
    expect(storedImageBytes(user.id)).toBe(IMAGE_STORAGE_PER_ACCOUNT - thirdBytes)
  })

  test('at the cap, a profile picture can still be swapped for one of similar size', async () => {
    const { user, cookie } = await practitioner()
    const saved = await patchProfile(cookie, dataUrl(await noisyPng(200, 200, 3)))
    const current = saved.body.user.profileImageUrl as string
    const size = storedImageRow(current)!.bytes
    recordStoredBytes(user.id, IMAGE_STORAGE_PER_ACCOUNT - size)

    // The same picture again is the same size: it fits only because the old one is freed.
    const swapped = await patchProfile(cookie, dataUrl(await noisyPng(200, 200, 3)))
    expect(swapped.status).toBe(200)
    expect(swapped.body.user.profileImageUrl).not.toBe(current)
    expect(storedImageRow(current)).toBeUndefined()
    expect(storedImageBytes(user.id)).toBe(IMAGE_STORAGE_PER_ACCOUNT)

    // A second service picture on top of a full account is not.
    expect(await createService(cookie, dataUrl(await solidImage(16, 16)))).toMatchObject({
      status: 413,
      body: { message: IMAGE_STORAGE_FULL },
    })
    // Removing the photo gives its bytes back.
    expect((await patchProfile(cookie, null)).status).toBe(200)
    expect(storedImageBytes(user.id)).toBe(IMAGE_STORAGE_PER_ACCOUNT - size)
  })

  test('deleting the account removes every picture it stored, shown or not', async () => {
    const { user, cookie } = await practitioner()
    const photo = (await patchProfile(cookie, dataUrl(await solidImage(16, 16)))).body.user.profileImageUrl as string
    const picture = (await createService(cookie, dataUrl(await solidImage(24, 24)))).body.imageUrl as string
    // Stored, then left behind by a save that never pointed a row at it.
    const orphan = await storeImage(imageFile(await solidImage(32, 32)), { ownerId: user.id })
    const deleted = await callApi(
      deleteAccountApi.action,
      jsonRequest('/api/auth/delete-account', 'DELETE', { password: user.password }, { cookie }),
    )
    expect(deleted.status).toBe(200)
    for (const url of [photo, picture, orphan]) {
      expect(fs.existsSync(path.join(uploadsDir(), 'images', url.replace('/uploads/images/', '')))).toBe(false)
      expect(storedImageRow(url)).toBeUndefined()
    }
  })
})
