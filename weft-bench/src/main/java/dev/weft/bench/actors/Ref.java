package dev.weft.bench.actors;

import dev.weft.actors.ActorRef;

/**
 * An actor address in the benchmark kernels, whatever runtime the actor lives in. The kernels are written
 * once against it, so that each runtime runs the same code; the one interface call per send is bimorphic
 * (two implementations) and costs both runtimes the same.
 */
interface Ref {
    void tell(Object message);

    /** A Weft actor. */
    record Weft(ActorRef<Object> actor) implements Ref {
        @Override
        public void tell(Object message) {
            actor.tell(message);
        }
    }

    /** A Pekko classic actor; messages are sent without a sender (replies go to refs in the messages). */
    record Pekko(org.apache.pekko.actor.ActorRef actor) implements Ref {
        @Override
        public void tell(Object message) {
            actor.tell(message, org.apache.pekko.actor.ActorRef.noSender());
        }
    }
}
