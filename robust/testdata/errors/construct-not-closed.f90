subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where (a > 0.0)  ! ERROR [construct-not-closed] "\"where\" construct is never closed"
    b = a
end subroutine k
