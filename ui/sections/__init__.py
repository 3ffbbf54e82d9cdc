"""Page sections: the parts each page draws, in order, from benchstats results."""
