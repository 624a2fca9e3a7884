subroutine k(a, b)
!$OFP PURE :: k
!^ WARNING [directive-no-kernel] "!$OFP directive makes no kernel: it has neither KERNEL nor CONCURRENT"
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k

pure elemental subroutine twice(x, y)
  real, intent(in)  :: x
  real, intent(out) :: y
  y = 2*x
end subroutine twice
