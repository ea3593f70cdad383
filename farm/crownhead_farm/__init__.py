"""crownhead-farm: crownhead's self-play, SPRT and endgame-database builds as Ray tasks.

Every task runs the ``crownhead`` binary, shipped to the workers through Ray's object
store, so the nodes need Python and Ray but no crownhead of their own.
"""
