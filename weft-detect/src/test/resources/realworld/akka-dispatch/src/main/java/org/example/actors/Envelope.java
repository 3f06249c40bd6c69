package org.example.actors;

/** A message and the actor that sent it. */
public final class Envelope {
    final Object message;
    final ActorRef sender;

    Envelope(Object message, ActorRef sender) {
        this.message = message;
        this.sender = sender;
    }
}
