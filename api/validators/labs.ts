import vine from '@vinejs/vine'
import { blankToUndefined, toList } from '#validators/rules'
import {
  COLOUR_PATTERN,
  COVER_SIZES,
  CROP_POSITIONS,
  RESIZE_MODES,
  RESIZE_OUTPUT_MAX_SIDE,
} from '#shared/cover_sizes'

/*
| The Labs resizer's fields (multipart beside the image). Messages:
| resources/lang/<lang>/labs.json `resizer.validator.*`.
*/

const choice = {
  mode: () => vine.enum(RESIZE_MODES).parse(blankToUndefined).optional(),
  position: () => vine.enum(CROP_POSITIONS).parse(blankToUndefined).optional(),
  background: () => vine.string().trim().regex(COLOUR_PATTERN).parse(blankToUndefined).optional(),
}

/** POST /api/labs/covers: which sizes (repeated or comma-separated keys) (all when none is named), crop or pad, where, on which colour. */
export const coverBatchValidator = vine.compile(
  vine.object({
    sizes: vine
      .array(vine.enum(COVER_SIZES.map((size) => size.key)))
      .distinct()
      .parse(toList)
      .optional(),
    mode: choice.mode(),
    position: choice.position(),
    background: choice.background(),
  })
)

const side = () =>
  vine.number().withoutDecimals().min(1).max(RESIZE_OUTPUT_MAX_SIDE).parse(blankToUndefined)

/** POST /api/other/resize_jpg_picture, resize_png_picture: one size. */
export const singleResizeValidator = vine.compile(
  vine.object({
    width: side(),
    height: side(),
    mode: choice.mode(),
    position: choice.position(),
    background: choice.background(),
  })
)
