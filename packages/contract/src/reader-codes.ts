// The reader-code format: owned by the printing helper (issue 3). Placeholder export so the index compiles.
export {};
