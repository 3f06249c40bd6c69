// The build failed because of the plugin, with its message and the problem's place; nothing was woven.
def log = new File(basedir, 'build.log').text
assert log.contains('weft-atomic: 1 problem(s) with atomic sets; nothing was woven') : 'the build did not fail with the plugin\'s message'
assert log.contains('it.misuse.T.peek(T.java:12)') : 'the problem does not name the method and its line'
def cls = new File(basedir, 'target/classes/it/misuse/T.class')
assert cls.isFile() : 'the class was not compiled'
assert !new String(cls.bytes, 'ISO-8859-1').contains('dev/weft/atomic/runtime/Woven') : 'a refused class was woven'
