import { test } from '@japa/runner'
import { truncate, writeFile } from 'node:fs/promises'
import {
  UploadFileError,
  checkThumbnailFile,
  checkVideoFile,
  type UploadFileErrorCode,
} from '#services/uploads/upload_files'
import { fixtureFolder, imageBytes, mp4Bytes } from '#tests/helpers/upload_fixtures'

/** The code a check was refused with (or 'accepted'). */
async function refusal(check: Promise<unknown>): Promise<UploadFileErrorCode | 'accepted'> {
  try {
    await check
    return 'accepted'
  } catch (error) {
    if (error instanceof UploadFileError) return error.code
    throw error
  }
}

test.group('upload files: judged by their bytes', (group) => {
  let files: Awaited<ReturnType<typeof fixtureFolder>>
  group.each.setup(async () => {
    files = await fixtureFolder()
    return () => files.cleanup()
  })

  test('an mp4 is accepted with its length from the movie header', async ({ assert }) => {
    const path = await files.write('clip.bin', mp4Bytes({ seconds: 12 }))
    const video = await checkVideoFile(path)
    assert.deepInclude(video, { kind: 'video', mime: 'video/mp4', durationS: 12 })
    assert.equal(video.size, mp4Bytes({ seconds: 12 }).length)
    const longer = await files.write('longer.mp4', mp4Bytes({ seconds: 95 }))
    const { durationS } = await checkVideoFile(longer)
    assert.equal(durationS, 95)
  })

  test('an mp4 whose movie header comes after 20 MB of media is read too', async ({ assert }) => {
    const path = await files.write(
      'camera.mp4',
      mp4Bytes({ seconds: 7, moovLast: true, padBytes: 20_000_000 })
    )
    const video = await checkVideoFile(path)
    assert.equal(video.durationS, 7)
    assert.isAbove(video.size, 20_000_000)
  })

  test('a png named .mp4 is not an mp4', async ({ assert }) => {
    const path = await files.write('holiday.mp4', await imageBytes('png'))
    assert.equal(await refusal(checkVideoFile(path)), 'not_mp4')
  })

  test('text named .mp4 and a QuickTime-style brand are not mp4s', async ({ assert }) => {
    const text = await files.write('notes.mp4', 'this is not a video, just a few words of text')
    assert.equal(await refusal(checkVideoFile(text)), 'not_mp4')
    const mov = mp4Bytes()
    mov.write('qt  ', 8, 'latin1') // the major brand
    mov.write('qt  ', 16, 'latin1')
    const quicktime = await files.write('movie.mp4', mov)
    assert.equal(await refusal(checkVideoFile(quicktime)), 'not_mp4')
  })

  test('an empty file and a missing file are refused', async ({ assert }) => {
    const empty = await files.write('empty.mp4', '')
    assert.equal(await refusal(checkVideoFile(empty)), 'empty')
    assert.equal(await refusal(checkThumbnailFile(empty)), 'empty')
    assert.equal(await refusal(checkVideoFile(`${files.folder}/nowhere.mp4`)), 'missing')
  })

  test('an mp4 cut short is refused, wherever the cut falls', async ({ assert }) => {
    const whole = mp4Bytes({ seconds: 12, padBytes: 100_000 })
    // in the media data after the movie header
    const inMedia = await files.write('cut-media.mp4', whole.subarray(0, 50_000))
    assert.equal(await refusal(checkVideoFile(inMedia)), 'video_truncated')
    // inside the movie header
    const inHeader = await files.write('cut-moov.mp4', whole.subarray(0, 300))
    assert.equal(await refusal(checkVideoFile(inHeader)), 'video_truncated')
    // the movie header at the end, lost
    const last = mp4Bytes({ seconds: 12, moovLast: true })
    const noTail = await files.write('cut-tail.mp4', last.subarray(0, last.length - 100))
    assert.equal(await refusal(checkVideoFile(noTail)), 'video_truncated')
  })

  test('a huge file with an mp4 signature and no movie header is refused', async ({ assert }) => {
    const ftyp = mp4Bytes().subarray(0, 32)
    assert.equal(ftyp.toString('latin1', 4, 8), 'ftyp')
    const mdat = Buffer.alloc(16)
    mdat.writeUInt32BE(1, 0)
    mdat.write('mdat', 4, 'latin1')
    mdat.writeBigUInt64BE(3_000_000_000n, 8)
    const path = await files.write('huge.mp4', Buffer.concat([ftyp, mdat]))
    await truncate(path, 32 + 3_000_000_000) // sparse: 3 GB on paper, nothing on disk
    assert.equal(await refusal(checkVideoFile(path)), 'video_no_moov')
  })

  test('a movie header that says nothing of its length is refused', async ({ assert }) => {
    const bytes = mp4Bytes({ seconds: 0 })
    const path = await files.write('zero.mp4', bytes)
    assert.equal(await refusal(checkVideoFile(path)), 'video_no_duration')
  })

  test('a garbled box is unreadable', async ({ assert }) => {
    const bytes = mp4Bytes()
    bytes.writeUInt32BE(3, 32) // the box after ftyp claims 3 bytes
    const path = await files.write('garbled.mp4', bytes)
    assert.equal(await refusal(checkVideoFile(path)), 'video_unreadable')
  })

  test('jpg and png thumbnails are accepted by their content, whatever their name', async ({
    assert,
  }) => {
    const jpgBytes = await imageBytes('jpeg', 64, 36)
    const jpg = await files.write('cover.png', jpgBytes)
    assert.deepEqual(await checkThumbnailFile(jpg), {
      kind: 'thumbnail',
      mime: 'image/jpeg',
      width: 64,
      height: 36,
      size: jpgBytes.length,
    })
    const png = await files.write('cover.jpg', await imageBytes('png'))
    assert.deepInclude(await checkThumbnailFile(png), { mime: 'image/png', width: 32, height: 18 })
  })

  test('a video, a webp or text is not a thumbnail; a cut png header is unreadable', async ({
    assert,
  }) => {
    const video = await files.write('cover.jpg', mp4Bytes())
    assert.equal(await refusal(checkThumbnailFile(video)), 'not_image')
    const webp = await files.write('cover.png', await imageBytes('webp' as 'png'))
    assert.equal(await refusal(checkThumbnailFile(webp)), 'not_image')
    const text = await files.write('cover.jpeg', 'not an image')
    assert.equal(await refusal(checkThumbnailFile(text)), 'not_image')
    const png = await imageBytes('png')
    const cut = await files.write('cut.png', png.subarray(0, 20))
    assert.equal(await refusal(checkThumbnailFile(cut)), 'image_unreadable')
  })

  test('a refusal carries its message key and the file it concerns', async ({ assert }) => {
    const path = await files.write('x.mp4', await imageBytes('png'))
    await writeFile(path, await imageBytes('png'))
    try {
      await checkVideoFile(path)
      assert.fail('accepted')
    } catch (error) {
      assert.instanceOf(error, UploadFileError)
      const refused = error as UploadFileError
      assert.equal(refused.messageKey, 'uploads.files.not_mp4')
      assert.equal(refused.status, 422)
      assert.deepEqual(refused.data, { kind: 'video' })
    }
  })
})
