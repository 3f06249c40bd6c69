// The plugin ran in process-classes and wove the class; the project's tests of the woven class all passed.
def log = new File(basedir, 'build.log').text
assert log.contains('weft-atomic: wove 1 of 1 classes') : 'the plugin did not report weaving Account'
assert log.contains('Tests run: 3, Failures: 0, Errors: 0, Skipped: 0') : 'the tests of the woven class did not all run and pass'
