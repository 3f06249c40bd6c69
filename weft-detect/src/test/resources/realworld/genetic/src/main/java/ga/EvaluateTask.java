package ga;

import java.util.ArrayList;
import java.util.concurrent.RecursiveAction;

/** Evaluates a population's fitness; a big population is cloned and trimmed into two halves for the subtasks. */
public class EvaluateTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final ArrayList<Genome> population;

    public EvaluateTask(ArrayList<Genome> population) {
        this.population = population;
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void compute() {
        if (population.size() <= 25) {
            for (Genome g : population) {
                int ones = 0;
                for (boolean b : g.bits) {
                    ones += b ? 1 : 0;
                }
                g.fitness = (double) ones / g.bits.length;
            }
            return;
        }
        int half = population.size() / 2;
        ArrayList<Genome> first = (ArrayList<Genome>) population.clone();   // expect: B2
        first.subList(half, first.size()).clear();
        ArrayList<Genome> second = (ArrayList<Genome>) population.clone();   // expect: B2
        second.subList(0, half).clear();
        invokeAll(new EvaluateTask(first), new EvaluateTask(second));
    }
}
