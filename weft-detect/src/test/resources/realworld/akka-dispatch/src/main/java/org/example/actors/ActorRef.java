package org.example.actors;

/** Where messages to one actor go. */
public final class ActorRef {
    private final Mailbox mailbox;
    private final Dispatcher dispatcher;

    ActorRef(Mailbox mailbox, Dispatcher dispatcher) {
        this.mailbox = mailbox;
        this.dispatcher = dispatcher;
    }

    Mailbox mailbox() {
        return mailbox;
    }

    public void tell(Object message, ActorRef sender) {
        dispatcher.dispatch(this, new Envelope(message, sender));
    }

    public static ActorRef create(Actor actor, Dispatcher dispatcher) {
        Mailbox mbox = new Mailbox(dispatcher);
        mbox.setActor(actor);
        ActorRef ref = new ActorRef(mbox, dispatcher);
        actor.self = ref;
        return ref;
    }
}
