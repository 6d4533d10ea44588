"""Playing bot games into results files: the runner plays them, the store keeps them,
results reads them back checked. Nothing here imports the report, value or tune rooms."""
