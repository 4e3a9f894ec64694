/* Routes of the market area (issue 5) — filled in by its owner. */
export {}
