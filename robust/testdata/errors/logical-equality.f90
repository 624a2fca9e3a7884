subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where ((a > 0.0) == (a < 1.0)) b = a  ! ERROR [logical-equality] "logical values are compared with .eqv. and"
end subroutine k
