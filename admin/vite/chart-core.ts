import { corelib, extend, Runtime } from '@antv/g2'

/**
 * The chart library's G2 runtime as the studio's charts use it
 * (narrow-imports.ts): the core marks, scales, axes, legends and tooltips.
 * The plot library registers G2's whole standard library besides (maps,
 * graphs, trees, Sankey and Venn diagrams) for plots the studio never draws.
 */
export const Chart = extend(Runtime, corelib())
