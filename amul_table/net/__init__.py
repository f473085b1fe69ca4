"""Online play: the Match protocol over websockets. A host serving many tables, and the client that joins one."""
