module 2d  ! ERROR [syntax-expected-unit-name] "expected a module name, found \"2\""
end module
