"""Text facts the merge reads: lines and their normal form, lazy markers, languages, syntax trees."""
