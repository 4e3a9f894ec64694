import { test } from '@japa/runner'
import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import yauzl from 'yauzl'
import { ApiRequest } from '@japa/api-client'
import { UserFactory } from '#database/factories/user_factory'
import { checkThumbnailFile } from '#services/uploads/upload_files'
import { COVER_RULES, COVER_SIZES, RESIZE_INPUT_MAX_BYTES } from '#shared/cover_sizes'
import { setupFunctionalGroup } from '#tests/helpers/functional'

/**
 * The Labs thumbnail resizer (SPEC §2 'Labs', §7 resize paths): exact pixel
 * sizes for crop and pad, images judged by their bytes, bounded input, the
 * zip of a batch, who may; and the Upload Station's cover check reading the
 * same rules table.
 */

/** A 1600×900 picture: left half red, right half blue (so a crop and a pad can be told apart). */
function picture(format: 'jpeg' | 'png', width = 1600, height = 900) {
  const half = Math.floor(width / 2)
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: {
          create: { width: half, height, channels: 3, background: '#ff0000' },
        },
        left: 0,
        top: 0,
      },
    ])
    .toFormat(format)
    .toBuffer()
}

/** Zips come back as Buffers (superagent does not buffer unknown content types). */
ApiRequest.addParser('application/zip', (res, callback) => {
  const chunks: Buffer[] = []
  res.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)))
  res.on('end', () => callback(null, Buffer.concat(chunks)))
  res.on('error', (error: Error) => callback(error, null))
})

async function zipEntries(zip: Buffer) {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) =>
      error ? reject(error) : resolve(opened)
    )
  )
  const entries: { name: string; data: Buffer }[] = []
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject)
    file.on('end', () => resolve())
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error)
        const parts: Buffer[] = []
        for await (const part of stream) parts.push(part as Buffer)
        entries.push({ name: entry.fileName, data: Buffer.concat(parts) })
        file.readEntry()
      })
    })
    file.readEntry()
  })
  return entries
}

/** `png` with its header (IHDR) saying `width`×`height`: what a decompression bomb looks like. */
function claimedSize(png: Buffer, width: number, height: number) {
  const copy = Buffer.from(png)
  copy.writeUInt32BE(width, 16)
  copy.writeUInt32BE(height, 20)
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29)
  return copy
}

/** The pixel at (x, y) as [r, g, b]. */
async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [data[at], data[at + 1], data[at + 2]]
}

const near = (actual: number[], wanted: number[]) =>
  actual.every((value, index) => Math.abs(value - wanted[index]) < 40)

test.group('labs: the thumbnail resizer', (group) => {
  setupFunctionalGroup(group)

  test('every platform size comes out at its exact pixel size, previewed and zipped', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.apply('staff').create()
    const response = await client
      .post('/api/labs/covers')
      .file('image', await picture('jpeg'), { filename: 'cover.jpg' })
      .field('mode', 'crop')
      .loginAs(staff)
    response.assertStatus(200)
    const batch = response.body().data
    assert.deepEqual(
      batch.items.map((item: { key: string }) => item.key),
      COVER_SIZES.map((size) => size.key)
    )
    for (const item of batch.items) {
      const size = COVER_SIZES.find((candidate) => candidate.key === item.key)!
      assert.equal(item.width, size.width)
      assert.equal(item.height, size.height)
      assert.equal(item.format, 'jpeg', item.key)
      assert.isAtMost(item.bytes, COVER_RULES[size.platform].maxBytes)
      assert.match(item.preview, /^data:image\/jpeg;base64,/)
      assert.equal(item.source.basis, size.source.basis)
    }

    const zip = await client.get(batch.zip_url).loginAs(staff)
    zip.assertStatus(200)
    assert.equal(zip.header('content-type'), 'application/zip')
    const entries = await zipEntries(zip.body())
    assert.deepEqual(
      entries.map((entry) => entry.name),
      COVER_SIZES.map((size) => `${size.key}.jpg`)
    )
    for (const entry of entries) {
      const size = COVER_SIZES.find((candidate) => entry.name.startsWith(`${candidate.key}.`))!
      const metadata = await sharp(entry.data).metadata()
      assert.deepEqual(
        [metadata.format, metadata.width, metadata.height],
        ['jpeg', size.width, size.height]
      )
    }

    const one = await client.get(batch.items[0].url).loginAs(staff)
    one.assertStatus(200)
    assert.equal(one.header('content-type'), 'image/jpeg')
    assert.include(one.header('content-disposition'), 'bilibili_1146x717.jpg')

    // another user's batch is not theirs to read
    const other = await UserFactory.apply('staff').create()
    const foreign = await client.get(batch.zip_url).loginAs(other)
    foreign.assertStatus(404)
  })

  test('crop fills the size, pad keeps the whole picture on the chosen colour', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.apply('staff').create()
    const source = await picture('jpeg')
    const send = (mode: string, extra: Record<string, string> = {}) =>
      client
        .post('/api/labs/covers')
        .file('image', source, { filename: 'cover.jpg' })
        .fields({ mode, sizes: 'douyin_1080x1920', position: 'centre', ...extra })
        .loginAs(staff)

    const cropped = await send('crop')
    cropped.assertStatus(200)
    const crop = cropped.body().data.items
    assert.lengthOf(crop, 1)
    assert.deepInclude(crop[0], { width: 1080, height: 1920, format: 'jpeg' })
    const cropAnswer = await client.get(crop[0].url).loginAs(staff)
    const cropBytes = cropAnswer.body()
    const cropMeta = await sharp(cropBytes).metadata()
    assert.deepEqual([cropMeta.width, cropMeta.height], [1080, 1920])
    // the centre of a 16:9 picture cut to 9:16: red left of the middle, blue right, no border
    assert.isTrue(near(await pixel(cropBytes, 0, 960), [255, 0, 0]))
    assert.isTrue(near(await pixel(cropBytes, 1079, 960), [0, 0, 255]))
    assert.isTrue(near(await pixel(cropBytes, 540 - 60, 5), [255, 0, 0]))

    const padded = await send('pad', { background: '#00ff00' })
    padded.assertStatus(200)
    const padAnswer = await client.get(padded.body().data.items[0].url).loginAs(staff)
    const padBytes = padAnswer.body()
    const metadata = await sharp(padBytes).metadata()
    assert.deepEqual([metadata.width, metadata.height], [1080, 1920])
    // the whole picture (1080×608) in the middle, green above and below
    assert.isTrue(near(await pixel(padBytes, 540, 10), [0, 255, 0]))
    assert.isTrue(near(await pixel(padBytes, 540, 1910), [0, 255, 0]))
    assert.isTrue(near(await pixel(padBytes, 10, 960), [255, 0, 0]))
    assert.isTrue(near(await pixel(padBytes, 1070, 960), [0, 0, 255]))
  })

  test('images are judged by their bytes and bounded', async ({ client, assert }) => {
    const staff = await UserFactory.apply('staff').create()
    const send = (bytes: Buffer, filename: string, fields: Record<string, string> = {}) =>
      client
        .post('/api/labs/covers')
        .header('lang', 'en')
        .file('image', bytes, { filename })
        .fields({ sizes: 'xigua_1920x1080', ...fields })
        .loginAs(staff)

    // a png named .jpg is a png
    const png = await send(await picture('png'), 'cover.jpg')
    png.assertStatus(200)
    assert.equal(png.body().data.items[0].format, 'png')

    // a text file named .png is refused
    const text = await send(Buffer.from('this is not an image, whatever the name says'), 'a.png')
    text.assertStatus(422)
    assert.equal(text.body().data.code, 'not_image')
    assert.include(text.body().message, 'jpg and png')

    // a png header with nothing behind it
    const whole = await picture('png')
    const head = whole.subarray(0, 40)
    const cut = await send(head, 'cut.png')
    cut.assertStatus(422)
    assert.equal(cut.body().data.code, 'image_unreadable')

    // a small file whose header says 10000×8000 (80 megapixels): refused before decoding
    const huge = await claimedSize(await picture('png', 4, 4), 10_000, 8000)
    assert.isBelow(huge.length, RESIZE_INPUT_MAX_BYTES)
    const pixels = await send(huge, 'huge.png')
    pixels.assertStatus(422)
    assert.equal(pixels.body().data.code, 'too_many_pixels')

    // a file over the byte limit ends at the limit
    const big = Buffer.concat([await picture('jpeg'), Buffer.alloc(RESIZE_INPUT_MAX_BYTES + 1)])
    const tooBig = await send(big, 'big.jpg')
    tooBig.assertStatus(413)
    assert.include(tooBig.body().message, '20 MB')

    // bad choices: a size that does not exist, a colour that is not one, no image
    const badSize = await send(await picture('jpeg'), 'a.jpg', { sizes: 'myspace_1x1' })
    badSize.assertStatus(422)
    assert.equal(badSize.body().errors[0].field, 'sizes.0')
    const badColour = await send(await picture('jpeg'), 'a.jpg', { background: 'red' })
    badColour.assertStatus(422)
    assert.equal(badColour.body().errors[0].message, 'The pad colour must be written #rrggbb.')
    const none = await client
      .post('/api/labs/covers')
      .header('lang', 'en')
      .fields({ mode: 'crop' })
      .loginAs(staff)
    none.assertStatus(422)
    assert.equal(none.body().message, 'Choose a jpg or png image.')
  })

  test('the SPEC resize paths answer one size, jpg for jpg and png for png', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.apply('staff').create()
    const jpg = await client
      .post('/api/other/resize_jpg_picture')
      .file('image', await picture('jpeg'), { filename: 'a.jpg' })
      .fields({ width: '640', height: '640', mode: 'pad' })
      .loginAs(staff)
    jpg.assertStatus(200)
    assert.equal(jpg.header('content-type'), 'image/jpeg')
    const jpgMeta = await sharp(jpg.body()).metadata()
    assert.deepEqual([jpgMeta.format, jpgMeta.width, jpgMeta.height], ['jpeg', 640, 640])

    const png = await client
      .post('/api/other/resize_png_picture')
      .file('image', await picture('png'), { filename: 'a.png' })
      .fields({ width: '300', height: '500' })
      .loginAs(staff)
    png.assertStatus(200)
    const pngMeta = await sharp(png.body()).metadata()
    assert.deepEqual([pngMeta.format, pngMeta.width, pngMeta.height], ['png', 300, 500])

    // each path refuses the other's format, by the bytes (the name says otherwise)
    const pngToJpg = await client
      .post('/api/other/resize_jpg_picture')
      .header('lang', 'en')
      .file('image', await picture('png'), { filename: 'looks.jpg' })
      .fields({ width: '100', height: '100' })
      .loginAs(staff)
    pngToJpg.assertStatus(422)
    assert.equal(pngToJpg.body().data.code, 'wrong_format')
    const jpgToPng = await client
      .post('/api/other/resize_png_picture')
      .file('image', await picture('jpeg'), { filename: 'looks.png' })
      .fields({ width: '100', height: '100' })
      .loginAs(staff)
    jpgToPng.assertStatus(422)

    const noWidth = await client
      .post('/api/other/resize_png_picture')
      .header('lang', 'en')
      .file('image', await picture('png'), { filename: 'a.png' })
      .fields({ width: '0', height: 'tall' })
      .loginAs(staff)
    noWidth.assertStatus(422)
    assert.sameMembers(
      noWidth.body().errors.map((error: { field: string }) => error.field),
      ['width', 'height']
    )
  })

  test('only staff with the labs screen may resize', async ({ client, assert }) => {
    for (const role of ['creator', 'company'] as const) {
      const user = await UserFactory.apply(role).create()
      const response = await client
        .post('/api/other/resize_jpg_picture')
        .file('image', await picture('jpeg'), { filename: 'a.jpg' })
        .fields({ width: '100', height: '100' })
        .loginAs(user)
      response.assertStatus(403)
      const permissions = await client.get('/api/user/permissions').loginAs(user)
      assert.notProperty(permissions.body().data, 'labs', role)
    }
    const manager = await UserFactory.apply('manager').create()
    const permissions = await client.get('/api/user/permissions').loginAs(manager)
    assert.includeMembers(permissions.body().data.labs, [
      'list',
      'resize',
      'export_data',
      'download_video',
    ])
    const anonymous = await client.post('/api/labs/covers')
    anonymous.assertStatus(401)
  })

  test('the Upload Station refuses a cover its platform would refuse (the same table)', async ({
    assert,
  }) => {
    const folder = await mkdtemp(join(tmpdir(), 'mcn-labs-station-'))
    try {
      const small = join(folder, 'small.png')
      await writeFile(small, await picture('png', 800, 500))
      // Bilibili publishes 960×600 as its smallest; Haokan's open API 218×146
      const refused = await checkThumbnailFile(small, ['bilibili']).catch((error) => error)
      assert.equal(refused.code, 'cover_too_small')
      assert.deepInclude(refused.data, { platform: 'Bilibili', min_width: 960, min_height: 600 })
      assert.deepInclude(await checkThumbnailFile(small, ['haokan', 'xigua']), {
        width: 800,
        height: 500,
      })

      const fits = join(folder, 'fits.jpg')
      await writeFile(fits, await picture('jpeg', 1146, 717))
      assert.deepInclude(await checkThumbnailFile(fits, ['bilibili', 'xigua', 'haokan']), {
        mime: 'image/jpeg',
      })

      // over Bilibili's 5 MB: noise does not compress
      const noisy = join(folder, 'noisy.png')
      await writeFile(
        noisy,
        await sharp(randomBytes(1400 * 1400 * 3), {
          raw: { width: 1400, height: 1400, channels: 3 },
        })
          .png({ compressionLevel: 0 })
          .toBuffer()
      )
      const heavy = await checkThumbnailFile(noisy, ['bilibili']).catch((error) => error)
      assert.equal(heavy.code, 'cover_too_large')
      assert.equal(heavy.data.max_mb, 5)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
