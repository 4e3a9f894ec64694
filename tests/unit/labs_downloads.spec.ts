import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { VIDEO_DOWNLOAD_ERRORS, youtubeVideoId } from '#shared/labs_downloads'
import { failureOf, lastWords, progressOf, saysTooLarge } from '#services/labs/downloader_output'
import { periodTooLong, periodsOf, snapPeriod } from '#services/labs/data_export_figures'

/*
| Labs downloads' rules without a database: which links are YouTube
| videos, what yt-dlp's lines say, and the weeks and months of a period.
*/

test.group('labs downloads / rules', () => {
  test('a YouTube video link gives its 11-character id; anything else none', ({ assert }) => {
    const id = 'dQw4w9WgXcQ'
    for (const link of [
      `https://www.youtube.com/watch?v=${id}`,
      `http://youtube.com/watch?v=${id}&t=42s&list=PL1`,
      `https://m.youtube.com/watch?feature=share&v=${id}`,
      `youtu.be/${id}`,
      `https://youtu.be/${id}?si=abc`,
      `https://www.youtube.com/shorts/${id}`,
      `  https://YOUTUBE.com/shorts/${id}  `,
    ]) {
      assert.equal(youtubeVideoId(link), id, link)
    }
    for (const link of [
      '',
      id,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube.com/watch?v=${id}x`,
      `https://www.youtube.com/watch/${id}`,
      `https://youtu.be/${id}/extra`,
      `https://youtube.com.example.org/watch?v=${id}`,
      `https://user:pw@youtube.com/watch?v=${id}`,
      `https://www.youtube.com:8443/watch?v=${id}`,
      `ftp://youtu.be/${id}`,
      `https://youtu.be/${id} --exec rm`,
      `https://vimeo.com/${id}`,
    ]) {
      assert.isNull(youtubeVideoId(link), link)
    }
  })

  test("yt-dlp's lines: progress, the size it refuses, why it failed", ({ assert }) => {
    assert.deepEqual(
      progressOf('[download]  45.2% of ~  20.00MiB at    1.00MiB/s ETA 00:10 (frag 3/10)'),
      { progress: 452, totalBytes: 20 * 1024 * 1024 }
    )
    assert.deepEqual(progressOf('[download] 100% of   10.00MiB in 00:00:05 at 2.00MiB/s'), {
      progress: 1000,
      totalBytes: 10 * 1024 * 1024,
    })
    assert.deepEqual(progressOf('[download]   3.0% of 1.50GiB at 5MiB/s'), {
      progress: 30,
      totalBytes: Math.round(1.5 * 1024 ** 3),
    })
    assert.isNull(progressOf('[download] Destination: /tmp/a.mp4'))
    assert.isNull(progressOf('[youtube] abc: Downloading webpage'))
    assert.isTrue(
      saysTooLarge(
        '[download] File is larger than max-filesize (123456 bytes > 100 bytes). Aborting.'
      )
    )

    const offline =
      "ERROR: [youtube] abcdefghijk: Unable to download API page: <urlopen error [Errno -3] Temporary failure in name resolution> (caused by URLError(gaierror(-3, 'Temporary failure in name resolution')))"
    assert.equal(failureOf(`WARNING: something\n${offline}\n`), 'network')
    assert.equal(failureOf('ERROR: [youtube] abcdefghijk: Video unavailable'), 'unavailable')
    assert.equal(failureOf('ERROR: [youtube] abcdefghijk: Private video. Sign in'), 'unavailable')
    assert.equal(failureOf('ERROR: unable to open for writing: [Errno 28] No space left'), 'failed')
    assert.equal(lastWords(`noise\n${offline}\ntrailing\n`), offline.slice(0, 500))
  })

  test('every failure has its message in the four languages', ({ assert }) => {
    for (const language of ['en', 'ko', 'zh', 'ja']) {
      const file = JSON.parse(readFileSync(app.languageFilesPath(language, 'labs.json'), 'utf8'))
      for (const error of VIDEO_DOWNLOAD_ERRORS) {
        assert.isString(file.video.errors[error], `${language} video.errors.${error}`)
      }
    }
  })

  test('a period is widened to whole weeks (Monday–Sunday) or months, and bounded', ({
    assert,
  }) => {
    assert.deepEqual(snapPeriod('week', '2025-03-01', '2025-03-12'), {
      start: '2025-02-24',
      end: '2025-03-16',
    })
    assert.deepEqual(snapPeriod('month', '2024-02-10', '2024-02-11'), {
      start: '2024-02-01',
      end: '2024-02-29',
    })
    // the ISO week-year: 30 December 2024 is in 2025's first week
    assert.deepEqual(
      periodsOf('week', '2024-12-23', '2025-01-05', 10).map((period) => period.label),
      ['2024-W52', '2025-W01']
    )
    assert.isFalse(periodTooLong('month', '2024-01-01', '2025-12-31'))
    assert.isTrue(periodTooLong('month', '2024-01-01', '2026-01-31'))
    assert.isFalse(periodTooLong('week', '2024-12-30', '2025-12-28'))
    assert.isTrue(periodTooLong('week', '2023-12-25', '2025-12-28'))
  })
})
