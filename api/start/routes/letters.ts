/* Routes of the letters area (issue 5) — filled in by its owner. */
export {}
