/**
 * Weft actors: typed actors on the Weft scheduler. A message sent from a worker to an idle actor runs as a
 * fork on the sender's worker (no central queue, no envelope); an actor with a backlog works through its
 * mailbox in batches; each actor switches between the two by sampling how often sends find it idle. Start
 * with {@link dev.weft.actors.ActorSystem}.
 */
module dev.weft.actors {
    requires transitive dev.weft.core;

    exports dev.weft.actors;
}
