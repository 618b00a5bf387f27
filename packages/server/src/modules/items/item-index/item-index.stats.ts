/** What this worker's item filter indexes did since it started (tests and benchmarks read it). */
export const indexStats = {
  /** Searches answered from an index (count and page). */
  answered: 0,
  /** Searches whose count came from an index and page from the database (a sort order reloading). */
  countOnly: 0,
  /** Loads of an index begun (the first, and reloads). */
  loads: 0,
};
