/* Routes of the people area (issue 5) — filled in by its owner. */
export {}
