package dev.weft.bench.actors;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;

/**
 * An Apache Pekko classic actor system of a given parallelism. Its whole configuration is in this class:
 * Pekko's reference configuration plus the settings below, and no {@code application.conf} from the class
 * path. The default dispatcher is Pekko's default kind, a fork-join executor, with its parallelism pinned to
 * the run's worker count and its throughput equal to Weft actors' ({@link ActorEngines#THROUGHPUT}).
 */
final class PekkoRuntime implements AutoCloseable {
    final ActorSystem system;

    PekkoRuntime(int workers) {
        Config settings = ConfigFactory.parseString("""
                pekko {
                  loglevel = "WARNING"
                  stdout-loglevel = "WARNING"
                  log-dead-letters = off
                  log-dead-letters-during-shutdown = off
                  daemonic = on
                  actor {
                    default-dispatcher {
                      type = "Dispatcher"
                      executor = "fork-join-executor"
                      fork-join-executor {
                        parallelism-min = %d
                        parallelism-factor = 1.0
                        parallelism-max = %d
                        task-peeking-mode = "FIFO"
                      }
                      throughput = %d
                    }
                  }
                }
                """.formatted(workers, workers, ActorEngines.THROUGHPUT));
        ClassLoader loader = PekkoRuntime.class.getClassLoader();
        Config config = settings.withFallback(ConfigFactory.defaultReference(loader)).resolve();
        system = ActorSystem.create("bench-" + workers, config, loader);
    }

    /** Creates a classic actor that hands every message to {@code logic}. */
    ActorRef actorOf(Logic logic) {
        return system.actorOf(Props.create(LogicActor.class, () -> new LogicActor(logic)));
    }

    @Override
    public void close() {
        try {
            system.terminate();
            scala.concurrent.Await.result(system.whenTerminated(),
                    scala.concurrent.duration.Duration.fromNanos(Duration.ofSeconds(30).toNanos()));
        } catch (Exception e) {
            throw new IllegalStateException("Pekko did not terminate", e);
        }
    }

    /** A classic actor whose behaviour is a {@link Logic} (the same object the Weft version runs). */
    static final class LogicActor extends AbstractActor {
        private final Logic logic;

        LogicActor(Logic logic) {
            this.logic = logic;
        }

        @Override
        public void preStart() {
            logic.children = (name, child) -> new Ref.Pekko(getContext().actorOf(Props.create(LogicActor.class,
                    () -> new LogicActor(child))));
            logic.me = new Ref.Pekko(getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().matchAny(this::handle).build();
        }

        private void handle(Object m) {
            Logic l = logic;
            l.receive(m);
            if (l.stopRequested) {
                getContext().stop(getSelf());
            }
        }
    }

}
