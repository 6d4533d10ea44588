"""The lab: play thousands of bot games, store the results, and report what they show.

Four rooms, each importing only the rooms before it:

- `run`: play bot games and keep one row per game and seat in checked results files;
- `report`: results files into a page, one step after another (sets pool the rows,
  metrics compute, findings judge, messages and words word, charts draw, the
  template lays out, report wires the steps);
- `value`: what each content item is worth, by restricted play, and its page;
- `tune`: search rule numbers and content values toward targets, and its page.

`study` plans a study's runs, and `cli` mounts every lab command on `soan`.
"""
