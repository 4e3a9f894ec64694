/* Routes of the alerts area (issue 5) — filled in by its owner. */
export {}
