package example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HelloWeftTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void theReadmeExampleComputesTheSameAtEveryParallelism(int parallelism) {
        assertEquals("fib(30)=832040 sum=499500000 asyncs=10000", HelloWeft.run(parallelism));
    }
}
