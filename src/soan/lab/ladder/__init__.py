"""The ladder: bots playing rotated tables, rated with OpenSkill."""
