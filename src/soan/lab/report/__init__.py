"""Results files into one self-contained page, one step after another; each module
imports only the modules above it in this list, never a later step:

    metrics   the figures as pure functions, each with its interval
    sets      pool the rows into sets of games that agree on all that decides them
    findings  judge one set: estimates, verdicts, the lines to show, as data
    compare   judge the sets of a group against the rules as written, as data
    messages  the catalogue: every word of the page, in English and Japanese
    words     findings and comparisons into sentences, names and table cells
    charts    findings' figures drawn, with the words they need
    template  the page's layout
    report    the steps wired in this order, and the page written
"""
