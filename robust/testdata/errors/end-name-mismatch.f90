subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine kk  ! ERROR [end-name-mismatch] "end subroutine \"kk\" does not match subroutine"
