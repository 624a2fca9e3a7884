! a and a_ would both be the Go parameter a_.
pure elemental subroutine copy1(a, a_)
  real, intent(in) :: a
  real, intent(out) :: a_  ! ERROR:24 [host-name-collision] "dummies \"a\" and \"a_\" of kernel \"copy1\" would both be the Go parameter a_"
  a_ = a
end subroutine copy1
