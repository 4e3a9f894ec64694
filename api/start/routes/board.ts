/* Routes of the board area (issue 5) — filled in by its owner. */
export {}
