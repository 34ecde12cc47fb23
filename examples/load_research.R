# Load a Buildon research export (kf export --community <id> --research <folder>) in R.
#
#   Rscript examples/load_research.R path/to/folder
#
# Every table is in log order (the `position` column); timestamps (`at`) may be
# out of order by up to a second, so sort by position, not by time.
# See docs/research.md for every column. Needs only base R and jsonlite.

load_research <- function(folder) {
  manifest <- jsonlite::fromJSON(file.path(folder, "manifest.json"))
  names <- c("notes", "versions", "reads", "links", "placements", "memberships", "permissions", "groups")
  tables <- lapply(names, function(name) {
    df <- read.csv(file.path(folder, paste0(name, ".csv")), colClasses = "character",
                   encoding = "UTF-8", fileEncoding = "UTF-8", na.strings = character(0))
    for (col in intersect(c("position", "x", "y", "wordCount"), names(df))) df[[col]] <- as.numeric(df[[col]])
    for (col in intersect(c("at", "created", "contributed"), names(df))) {
      df[[col]] <- as.POSIXct(ifelse(df[[col]] == "", NA, df[[col]]), format = "%Y-%m-%dT%H:%M:%OSZ", tz = "UTC")
    }
    df
  })
  names(tables) <- names
  events <- jsonlite::stream_in(file(file.path(folder, "events.jsonl")), verbose = FALSE)
  list(manifest = manifest, tables = tables, events = events)
}

# Run as a script (Rscript), not when source()d for load_research().
if (sys.nframe() == 0) {
  args <- commandArgs(trailingOnly = TRUE)
  export <- load_research(if (length(args) > 0) args[[1]] else ".")
  cat(export$manifest$community$title, ":", export$manifest$pseudonymisation$persons, "persons\n")
  for (name in names(export$tables)) cat(name, ":", nrow(export$tables[[name]]), "rows\n")
  # Reads per reader:
  print(head(sort(table(export$tables$reads$reader), decreasing = TRUE)))
}
