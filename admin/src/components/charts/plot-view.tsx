import { useEffect, useRef } from 'react'

/** One of the plot library's Plot classes (Line, Bar, Column, Pie, Area). */
interface PlotInstance {
  render(): void
  update(options: object): void
  destroy(): void
}
type PlotClass<Options> = new (container: HTMLElement, options: Options) => PlotInstance

/**
 * Draws `options` with a Plot class of the chart library straight into a
 * div: made on mount, drawn again when the options change, destroyed on
 * unmount. The charts import the Plot classes themselves rather than the
 * library's React components, whose index brings every plot type and the
 * whole of G2 into the chart chunk.
 */
export function PlotView<Options extends object>({
  plot: Plot,
  options,
}: {
  plot: PlotClass<Options>
  options: Options
}) {
  const container = useRef<HTMLDivElement>(null)
  const instance = useRef<PlotInstance | null>(null)

  useEffect(() => {
    if (instance.current) {
      instance.current.update(options)
      instance.current.render()
      return
    }
    if (!container.current) return
    try {
      instance.current = new Plot(container.current, options)
      instance.current.render()
    } catch (error) {
      console.error('chart could not be drawn', error)
    }
  }, [Plot, options])

  useEffect(
    () => () => {
      instance.current?.destroy()
      instance.current = null
    },
    []
  )

  return <div ref={container} style={{ height: 'inherit', flex: 1 }} />
}
