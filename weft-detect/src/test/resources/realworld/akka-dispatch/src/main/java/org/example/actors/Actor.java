package org.example.actors;

/** An actor: handles one message at a time. */
public abstract class Actor {
    ActorRef self;

    protected abstract void receive(Object message, ActorRef sender);

    protected ActorRef self() {
        return self;
    }
}
