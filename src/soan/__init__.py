"""soan (草案, "draft"): a playtest lab for tabletop game drafts."""
